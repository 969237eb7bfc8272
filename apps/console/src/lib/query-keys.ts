/** Keys that more than one feature names (a decision in a queue refreshes the workbench's counts). */
export const waitingListKey = ['ops', 'dashboard'] as const;

/** 待缴费 applications (缴费确认): a payment confirmed elsewhere (银行对账) refreshes them too. */
export const payablesKey = ['ops', 'payables'] as const;
