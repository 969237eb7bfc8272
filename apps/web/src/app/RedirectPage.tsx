import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * /redirect/{fullPath} (R1): leaves the page and enters it again, which is how a tag's
 * 刷新 remounts a page without reloading the portal.
 */
export default function RedirectPage() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = pathname.replace(/^\/redirect/, '') || '/';
    navigate(target + search + hash, { replace: true });
  }, [pathname, search, hash, navigate]);
  return null;
}
