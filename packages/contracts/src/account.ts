/** Wire contract: account (shared by client, BFF, core and worker). */
export {};
