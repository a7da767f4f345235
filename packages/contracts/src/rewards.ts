// Schemas of the rewards endpoints.
export {};
