import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';

/** The server's configuration as the commands read it, or undefined once a configuration error is printed. */
export function readCliConfig(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return undefined;
    }
    throw error;
  }
}

/** A path typed on the command line, from the shell's directory: npm runs scripts in the project's and names the caller's in INIT_CWD. */
export const typedPath = (typed: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
