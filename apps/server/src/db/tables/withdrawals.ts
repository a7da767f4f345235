/** Tables of verification and withdrawals (migration 0005_withdrawals). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WithdrawalsTables {}
