/** Wire contract: errors (shared by client, BFF, core and worker). */
export {};
