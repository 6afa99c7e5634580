/** Wire contract: public (shared by client, BFF, core and worker). */
export {};
