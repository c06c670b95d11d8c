import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { PageLoading } from '@/shared/ui/page-states.tsx';
import { safeRedirect } from '@/shared/utils/safe-redirect.ts';

/** /auth-redirect?token=…&redirect=…: store the token handed over by another system, then go on. */
export function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const token = params.get('token');
    if (token && token !== '-1') {
      useUserStore.getState().setToken(token);
      usePermissionStore.getState().reset();
    }
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  }, [params, navigate]);
  return <PageLoading fullScreen />;
}

export default AuthRedirectPage;
