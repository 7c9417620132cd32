import { useEffect, useState } from 'react';
import { PLACEHOLDER_COVERS } from '@common/cms/cms-messages';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

let stored: Promise<string[]> | null = null;

/** The 26 covers as the picker offers them: the stored copy once /upload-placeholders stored it, else the local file (one read per page load). */
export function usePlaceholderCovers(): readonly string[] {
  const [covers, setCovers] = useState<readonly string[]>(PLACEHOLDER_COVERS);
  useEffect(() => {
    stored ??= call(endpoints.cms.placeholders)
      .then((r) => r.covers.map((c) => c.stored_url ?? c.local_url))
      .catch(() => {
        stored = null;
        return [...PLACEHOLDER_COVERS];
      });
    let live = true;
    void stored.then((c) => live && setCovers(c));
    return () => {
      live = false;
    };
  }, []);
  return covers;
}
