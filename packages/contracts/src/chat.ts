/** Wire contract: chat (shared by client, BFF, core and worker). */
export {};
