// spec-kit's and Kiro's tasks.md, written fresh in the shape of those projects'
// templates (spec-kit's templates/tasks-template.md; a Kiro spec's implementation plan),
// with a `\r\n` variant, for the plan file round trips.

export const SPEC_KIT = `# Tasks: Photo Albums

**Input**: Design documents from \`/specs/001-photo-albums/\`
**Prerequisites**: plan.md (required), spec.md (required for user stories)

## Format: \`[ID] [P?] [Story] Description\`

- **[P]**: Can run in parallel (different files, no dependencies)
- **[Story]**: Which user story this task belongs to (e.g., US1, US2, US3)

## Phase 1: Setup (Shared Infrastructure)

- [X] T001 Create project structure per implementation plan
- [ ] T002 Initialize TypeScript project with Vite dependencies
- [ ] T003 [P] Configure linting and formatting tools

---

## Phase 2: Foundational (Blocking Prerequisites)

**⚠️ CRITICAL**: No user story work can begin until this phase is complete

- [ ] T004 Setup database schema and migrations framework in src/db/schema.ts
- [ ] T005 [P] Implement authentication framework (depends on T004)

**Checkpoint**: Foundation ready - user story implementation can now begin in parallel

## Phase 3: User Story 1 - Organize photos into albums (Priority: P1) 🎯 MVP

**Goal**: Albums grouped by date

### Tests for User Story 1 ⚠️

- [ ] T010 [P] [US1] Contract test for /api/albums in tests/contract/test_albums.ts

### Implementation for User Story 1

- [x] T012 [P] [US1] Create Album model in src/models/album.ts
- [ ] T014 [US1] Implement AlbumService in src/services/album.ts (depends on T012, T013)

## Dependencies & Execution Order

- **Setup (Phase 1)**: No dependencies - can start immediately
`;

export const KIRO = `# Implementation Plan

- [x] 1. Set up project structure and core interfaces
  - Create directory structure for models, services, repositories, and API components
  - Define interfaces that establish system boundaries
  - _Requirements: 1.1_

- [-] 2. Implement data models and validation
- [ ] 2.1 Create core data model interfaces and types
  - Write TypeScript interfaces for all data models
  - Implement validation functions for data integrity
  - _Requirements: 2.1, 3.3, 1.2_

- [ ]* 2.2 Write unit tests for the User model
  - Write unit tests for User model validation
  - _Requirements: 1.2_

- [ ] 3. Create storage mechanism
  - [ ] 3.1 Implement database connection utilities
    - _Requirements: 2.3_
  - [ ] 3.2 Implement repository pattern for data access
    - _Requirements: 4.3_
`;

export const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
