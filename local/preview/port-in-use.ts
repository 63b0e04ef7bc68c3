// A busy port, said in terms of what to do about it: which server wanted it and which variable
// picks another.

export class PortInUseError extends Error {
  override name = 'PortInUseError';

  constructor(
    readonly what: string,
    readonly variable: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} on 127.0.0.1 is already in use, so ${what} cannot listen there. ` +
        `Stop the program using it, or pick another port: ${variable}=<port> npm start`,
    );
  }
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}
