import { BackofficeClient, type BackofficeClientOptions } from '@washops/backoffice-client';

/** The read side of the BackOffice client: what procedures and tools may call directly. */
export type BackofficeReads = Pick<
  BackofficeClient,
  | 'listSites'
  | 'listDepartments'
  | 'listPermissions'
  | 'listEmployees'
  | 'isPosUserIdAvailable'
  | 'isEmailAvailable'
  | 'isPhoneAvailable'
  | 'getEmployee'
  | 'findEmployees'
  | 'findEmployee'
  | 'listBackofficeUsers'
>;

/** A BackOffice connection: reads for everyone, writes only through Operations. */
export interface BackofficeConnection {
  readonly reads: BackofficeReads;
  close(): Promise<void>;
}

/** The client behind each connection: reachable from this package only, so every write goes through an audited path. */
const writers = new WeakMap<BackofficeConnection, BackofficeClient>();

export function connectBackoffice(options: BackofficeClientOptions): BackofficeConnection {
  return backofficeConnectionOf(new BackofficeClient(options));
}

/** Wraps a client the caller made (tests, a client with its own fetch). */
export function backofficeConnectionOf(client: BackofficeClient): BackofficeConnection {
  const reads: BackofficeReads = {
    listSites: client.listSites.bind(client),
    listDepartments: client.listDepartments.bind(client),
    listPermissions: client.listPermissions.bind(client),
    listEmployees: client.listEmployees.bind(client),
    isPosUserIdAvailable: client.isPosUserIdAvailable.bind(client),
    isEmailAvailable: client.isEmailAvailable.bind(client),
    isPhoneAvailable: client.isPhoneAvailable.bind(client),
    getEmployee: client.getEmployee.bind(client),
    findEmployees: client.findEmployees.bind(client),
    findEmployee: client.findEmployee.bind(client),
    listBackofficeUsers: client.listBackofficeUsers.bind(client),
  };
  const connection: BackofficeConnection = Object.freeze({ reads: Object.freeze(reads), close: () => client.close() });
  writers.set(connection, client);
  return connection;
}

/** The client that writes for this connection (the operations layer only). */
export function writerOf(connection: BackofficeConnection): BackofficeClient | undefined {
  return writers.get(connection);
}
