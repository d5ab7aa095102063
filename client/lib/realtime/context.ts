// The tab's one RealtimeClient, or null while signed out (or while its chunk loads). Only the type is
// imported here, so screens that use the hooks do not pull the socket code into their own chunks.
import * as React from 'react';
import type { RealtimeClient } from './realtime-client.ts';

export const RealtimeContext = React.createContext<RealtimeClient | null>(null);

export const useRealtimeClient = () => React.useContext(RealtimeContext);
