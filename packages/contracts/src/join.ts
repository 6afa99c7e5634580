/** Wire contract: join (shared by client, BFF, core and worker). */
export {};
