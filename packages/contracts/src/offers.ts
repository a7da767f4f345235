// Schemas of the offers endpoints.
export {};
