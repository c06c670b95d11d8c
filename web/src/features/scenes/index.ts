/** What the app shell uses of the scenes feature: the scene entries of the side menu. */
export { sceneMenuKey, useSceneMenus } from './api/scene-menus.ts';
