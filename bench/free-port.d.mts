/** A port free on loopback now (bench/free-port.mjs). */
export declare function freePort(): Promise<number>;
