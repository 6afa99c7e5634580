/** Wire contract: realtime (shared by client, BFF, core and worker). */
export {};
