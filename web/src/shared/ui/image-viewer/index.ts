export { ImageThumb, ImageViewer, type ViewerImage } from './image-viewer.tsx';
