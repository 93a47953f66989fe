import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_FEATURES } from '../../../core/site/feature-availability';
import { PROTECTED_PATHS } from '../../../core/site/public-pages';
import { PLACEHOLDER_SECTIONS } from './app-section-page';

describe('PLACEHOLDER_SECTIONS', () => {
  it('has a "being built" page for every signed-in route of a placeholder feature, and no other', () => {
    const routes = PLACEHOLDER_FEATURES.flatMap((f) => f.route ?? []).filter((r) =>
      (PROTECTED_PATHS as readonly string[]).includes(r),
    );
    expect(Object.keys(PLACEHOLDER_SECTIONS).sort()).toEqual(routes.sort());
  });
});
