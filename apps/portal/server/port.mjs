/**
 * The port `npm start` and `pnpm serve` listen on: PORT, else 4010 (the port the README and the
 * sandbox's own CLI use). A PORT that is not a port stops the script with what to give.
 */
export const DEFAULT_PORT = 4010;

/** @param {string | undefined} value */
export function readPort(value) {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT=${JSON.stringify(value)} is not a port: give a whole number from 0 to 65535.`);
    process.exit(2);
  }
  return port;
}
