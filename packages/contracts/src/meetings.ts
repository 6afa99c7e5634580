/** Wire contract: meetings (shared by client, BFF, core and worker). */
export {};
