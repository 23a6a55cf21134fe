import type { Material } from "@marquee/contracts";
import { http } from "../../services/http";
import { type Md5CheckAnswer, type Md5CheckParams, materialApi } from "../material/api";
import { inlineHasher, type UploadTransport, uploadFile } from "../material/upload";

/** The widget-image variant of the upload protocol: the MD5 check with purpose "widget", then the chunks. */
const widgetImageTransport: UploadTransport = {
  md5Check: (q: Md5CheckParams) =>
    http.get<Md5CheckAnswer>("/a/api/fileInfosa/uploaderWidgetImgMD5Check", { ...q }, { silent: true }),
  uploadChunk: materialApi.uploadChunk,
};

/** Uploads a palette image (small: hashed on this thread) and answers the material it became. */
export async function uploadWidgetImage(file: File): Promise<Material> {
  const result = await uploadFile(file, {
    name: file.name,
    transport: widgetImageTransport,
    hasher: inlineHasher(),
  });
  if (!result.material) throw new Error("upload incomplete");
  return result.material;
}
