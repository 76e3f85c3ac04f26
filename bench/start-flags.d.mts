/** The node flags `npm start` runs the server with (bench/start-flags.mjs). */
export declare const startFlags: string[];
