import { useOutletContext } from 'react-router';

/**
 * What the layout hands its pages: the paths (under /console, no slash) the operator's roles open.
 * A page that links to another area's page asks here rather than importing the route table,
 * which imports the pages (a cycle).
 */
export interface ConsoleOutlet {
  pages: readonly string[];
}

export const useOpenPages = (): readonly string[] => useOutletContext<ConsoleOutlet | undefined>()?.pages ?? [];
