/** Wire contract: socket-rooms (shared by client, BFF, core and worker). */
export {};
