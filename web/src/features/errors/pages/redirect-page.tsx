import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/shared/ui/page-states.tsx';

/** /redirect/<path>: re-opens <path> (with its query), used by "refresh tab". */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return <PageLoading />;
}

export default RedirectPage;
