// The public API of screenshots: other layers import from here.
export {
  IMAGE_EXTENSIONS,
  IMAGE_TYPES,
  IMAGE_TYPE_NAMES,
  SNIFF_BYTES,
  readImageSize,
  sniffImageType,
  type ImageSize,
  type ImageType,
} from './image-type';
