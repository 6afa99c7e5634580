/** Wire contract: notifications (shared by client, BFF, core and worker). */
export {};
