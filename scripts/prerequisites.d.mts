// Types of scripts/prerequisites.mjs for the TypeScript that imports it (the unit test of installPlan).
export type PrerequisiteName = 'chromium' | 'bubblewrap' | 'git' | 'ripgrep' | 'make' | 'g++' | 'python3';

export interface MachineProbes {
  present(name: PrerequisiteName): boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  aptKnows(debianPackage: string): boolean;
}

export type InstallPlan =
  | { kind: 'ready' }
  | { kind: 'stop'; absent: PrerequisiteName[]; message: string }
  | { kind: 'install'; absent: PrerequisiteName[]; packages: string[]; announce: string[]; updateFirst: boolean };

export const PREREQUISITES: Readonly<Record<PrerequisiteName, { present(): boolean; debian: string; why: string }>>;
export const CODE_SERVER_BUILD: PrerequisiteName[];
export function installCommand(names: readonly PrerequisiteName[]): string;
export function installPlan(names: readonly PrerequisiteName[], probes: MachineProbes, who?: string): InstallPlan;
export function whyMissing(names: readonly PrerequisiteName[]): string | null;
export function ensurePrerequisites(
  names: readonly PrerequisiteName[],
  options?: { who?: string; log?: (line: string) => void },
): void;
export function ensureOrExit(
  names: readonly PrerequisiteName[],
  options?: { who?: string; log?: (line: string) => void },
): void;
export function findOnPath(name: string): string | null;
export function chromiumPath(): string | null;
