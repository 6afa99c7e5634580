/** Wire contract: rooms (shared by client, BFF, core and worker). */
export {};
