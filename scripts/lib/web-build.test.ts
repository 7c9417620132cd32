import { describe, expect, it } from 'vitest';
import { DEMO_MODE, webBuildProblems } from './web-build';

const project = { VITE_FIREBASE_API_KEY: 'AIza-key', VITE_FIREBASE_AUTH_DOMAIN: 'foolrate.firebaseapp.com', VITE_FIREBASE_PROJECT_ID: 'foolrate' };

describe('webBuildProblems', () => {
  it('refuses a deployable build without the Firebase web settings, or with a demo project', () => {
    expect(webBuildProblems('production', {})).toEqual([
      'VITE_FIREBASE_API_KEY is not set',
      'VITE_FIREBASE_AUTH_DOMAIN is not set',
      'VITE_FIREBASE_PROJECT_ID is not set',
    ]);
    expect(webBuildProblems('production', { ...project, VITE_FIREBASE_API_KEY: ' ' })).toEqual(['VITE_FIREBASE_API_KEY is not set']);
    expect(webBuildProblems('staging', { ...project, VITE_FIREBASE_PROJECT_ID: 'demo-foolrate' })).toEqual([
      'VITE_FIREBASE_PROJECT_ID names a demo project, which only the emulators know',
    ]);
  });

  it('lets a configured build go, and a build for the emulators use the demo project', () => {
    expect(webBuildProblems('production', project)).toEqual([]);
    expect(webBuildProblems(DEMO_MODE, {})).toEqual([]);
  });
});
