import { createContext, useContext } from 'react';

/** What every CMS tab's route reads from the dashboard around it: the caller's rank, and Try Again's count (a bump reloads stats and tracks). */
export type CmsContextValue = { superAdmin: boolean; reloadKey: number };

export const CmsContext = createContext<CmsContextValue>({ superAdmin: false, reloadKey: 0 });

export const useCms = (): CmsContextValue => useContext(CmsContext);
