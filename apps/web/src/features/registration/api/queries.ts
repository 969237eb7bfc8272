import { useQuery } from '@tanstack/react-query';
import { fetchFirstContacts, selectRegUserInfo } from './index';

/** The level-1 unions a unit registers under (queryFirstContact), kept five minutes. */
export const useFirstContacts = () => useQuery({ queryKey: ['first-contacts'], queryFn: fetchFirstContacts, staleTime: 5 * 60_000 });

/** The state of a registration by its account (selectRegUserInfo). */
export const useRegistration = (uact: string) =>
  useQuery({ queryKey: ['registration', uact], queryFn: () => selectRegUserInfo(uact), enabled: Boolean(uact) });
