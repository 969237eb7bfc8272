import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { fetchImportPreview } from './api/import-preview';
import type { RosterPreview } from './api/import-roster';

/**
 * `?batch=<id>` (the to-do's 去确认 of 待确认的花名册导入): that batch's preview opens, with
 * 确认导入, and the id leaves the address (a refresh of the tag does not open it again). A batch
 * confirmed, discarded or past its hour meanwhile: the request client says so.
 */
export function useReopenedBatch(open: (preview: RosterPreview) => void) {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    if (!batchId) return;
    let live = true;
    const forget = () =>
      setParams(
        (current) => {
          current.delete('batch');
          return current;
        },
        { replace: true },
      );
    fetchImportPreview(batchId).then(
      (preview) => {
        if (!live) return;
        opener.current(preview);
        forget();
      },
      () => live && forget(),
    );
    return () => {
      live = false;
    };
  }, [batchId, setParams]);
}
