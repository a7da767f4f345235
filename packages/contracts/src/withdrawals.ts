// Schemas of the withdrawals endpoints.
export {};
