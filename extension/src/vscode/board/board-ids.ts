// The Plan Board's names in VS Code: its command and its panel's view type.
export const OPEN_BOARD_COMMAND = 'agentChecklist.openBoard';
export const BOARD_VIEW_TYPE = 'agentChecklist.board';
