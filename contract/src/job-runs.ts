// Filled by the feature that owns it (issue 4).
export {};
