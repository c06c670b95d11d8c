export * from './api-paths.ts';
export * from './envelope.ts';
export * from './menu-tree.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './scene-cameras.ts';
export * from './session.ts';
export * from './validators.ts';
