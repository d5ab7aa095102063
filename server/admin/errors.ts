// What the admin command line refuses: printed as the message alone, exit code 1.
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}
