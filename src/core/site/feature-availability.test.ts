import { describe, expect, it } from 'vitest';
import { FEATURES, findPlaceholderByPath, findPlaceholderMentions } from './feature-availability';

describe('findPlaceholderMentions', () => {
  it('finds a sentence that names a placeholder feature as if it existed', () => {
    expect(findPlaceholderMentions('Every broker below syncs through a secure, read-only connection.')).toEqual([
      { featureId: 'broker-sync', sentence: 'Every broker below syncs through a secure, read-only connection.' },
    ]);
  });

  it.each([
    'Smart goals are not available yet.',
    'Broker connections are coming; until then, import a file.',
    'Creating a smart goal Coming soon',
  ])('accepts %j, which says the feature is coming', (text) => {
    expect(findPlaceholderMentions(text)).toEqual([]);
  });

  it('reads each line and sentence on its own', () => {
    const mentions = findPlaceholderMentions('Goals are coming. Smart goals track themselves.\nAI assistant');
    expect(mentions.map((m) => m.sentence)).toEqual(['Smart goals track themselves.', 'AI assistant']);
  });

  it('ignores a live feature', () => {
    const live = FEATURES.map((f) => (f.id === 'goals' ? { ...f, status: 'live' as const } : f)).filter(
      (f) => f.status === 'placeholder',
    );
    expect(findPlaceholderMentions('Smart goals track themselves.', live)).toEqual([]);
  });
});

describe('findPlaceholderByPath', () => {
  it('finds a placeholder by its route or a path below it', () => {
    expect(findPlaceholderByPath('/goals')?.id).toBe('goals');
    expect(findPlaceholderByPath('/goals/new')?.id).toBe('goals');
    expect(findPlaceholderByPath('/playbook/rules')).toBeUndefined();
    expect(findPlaceholderByPath('/goalsx')).toBeUndefined();
    expect(findPlaceholderByPath('/trades')).toBeUndefined();
  });
});
