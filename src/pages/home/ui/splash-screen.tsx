import { getAppConfig } from '@/shared/config';
import { LoadingScreen } from '@/shared/ui/loading-screen';

export function SplashScreen() {
  return <LoadingScreen brandName={getAppConfig().brandName} message="Loading your travel experience" />;
}
