'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../../trpc/client';

/** After a write (also a failed one: it may have been applied), the employee, the roster and the history are read again. */
export function useRefetchAfterWrite() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: trpc.employees.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() })]);
}
