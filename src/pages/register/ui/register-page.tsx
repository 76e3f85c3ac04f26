import { Link } from 'react-router-dom';
import { getAppConfig, paths } from '@/shared/config';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { PageMeta } from '@/shared/ui/page-meta';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  const { brandName } = getAppConfig();

  return (
    <>
      <PageMeta
        title="Create a Free Travel Account | Connect & Explore Globally"
        description="Sign up fast and free to plan trips, discover destinations, share needs and connect with global travellers."
      />
      <AuthLayout
        brandName={brandName}
        tagline="Fast and free: join travellers who plan trips, share needs and swap skills around the world."
        title="Create Account"
        subtitle="create a new account"
        footer={
          <>
            <Link to={paths.login()}>Already have an account? Login</Link>
            <p className="register__terms">
              By signing up, you agree to our <a href="#terms-of-service">Terms of Service</a> and{' '}
              <a href="#privacy-policy">Privacy Policy</a>
            </p>
          </>
        }
      >
        <RegisterForm />
      </AuthLayout>
    </>
  );
}
