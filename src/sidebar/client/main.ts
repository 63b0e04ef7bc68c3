// Placeholder until the sidebar issue: the sidebar's browser code starts here.
export {};
