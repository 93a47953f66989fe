import { lazy, Suspense, useState } from 'react';
import { Footer } from '../../components/layout/footer';
import { LandingNav } from './landing-nav';
import {
  FeatureGrid,
  FinalCallToAction,
  Hero,
  Onboarding,
  PricingTeaser,
  SmartGoalsDemo,
  Stats,
  Testimonials,
  WhyTradersFail,
} from './landing-sections';

// The modal's code (dialog, form rules) loads on the first click, keeping the landing page light.
const SignupModal = lazy(() => import('../../features/auth/signup-modal').then((m) => ({ default: m.SignupModal })));

export default function LandingPage() {
  const [isSignupOpen, setIsSignupOpen] = useState(false);
  const [hasOpenedSignup, setHasOpenedSignup] = useState(false);
  const openSignup = () => {
    setHasOpenedSignup(true);
    setIsSignupOpen(true);
  };
  return (
    <div className="flex min-h-screen flex-col">
      <LandingNav onStartTrial={openSignup} />
      <main id="main" className="flex-1">
        <Hero onStartTrial={openSignup} />
        <WhyTradersFail />
        <FeatureGrid />
        <SmartGoalsDemo />
        <Stats />
        <Onboarding />
        <Testimonials />
        <PricingTeaser onStartTrial={openSignup} />
        <FinalCallToAction />
      </main>
      <Footer />
      {hasOpenedSignup && (
        <Suspense fallback={null}>
          <SignupModal open={isSignupOpen} onOpenChange={setIsSignupOpen} />
        </Suspense>
      )}
    </div>
  );
}
