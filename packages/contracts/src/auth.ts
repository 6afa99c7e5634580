/** Wire contract: auth (shared by client, BFF, core and worker). */
export {};
