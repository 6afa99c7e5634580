/** Wire contract: cookies (shared by client, BFF, core and worker). */
export {};
