import { getImageProps, type ImageProps } from 'next/image'
import { preload as preloadImage } from 'react-dom'

type Props = Omit<ImageProps, 'priority' | 'onLoad' | 'onError' | 'placeholder' | 'blurDataURL'>

/**
 * A picture of ours (cover, news or package image) rendered on the server as the plain <img>
 * next/image would render, with Next's optimised srcset, but without next/image's client script,
 * which every page showing a cover loaded for nothing (issue 29). `preload`: the picture is on the
 * first screen; it is announced in the document's head and fetched first, never lazily.
 */
export function StaticImage({ preload = false, ...image }: Props) {
  const { props } = getImageProps({ ...image, ...(preload && { loading: 'eager', fetchPriority: 'high' }) })
  if (preload && typeof props.src === 'string') {
    preloadImage(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' })
  }
  // next/image's own markup (getImageProps), rendered on the server.
  return <img {...props} />
}
