import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the route schemas, served at {base}/docs (JSON at {base}/docs/json).
 * A named function: fastify-plugin reads an anonymous plugin's name from a stack trace, and the
 * first stack trace of a process parses the whole source map (about 70 ms of every start).
 */
export const docsPlugin = fp(async function hallDocs(app: FastifyInstance) {
  const { basePath } = app.hall.config;
  await app.register(swagger, {
    openapi: {
      info: {
        title: '职工医疗互助网上服务大厅 API',
        description:
          '请求体为信封 {data: Base64(AES-128-ECB-PKCS7(JSON)), channel: "066"}（文件上传、下载与名单导入除外）；' +
          '应答为 {code, type, message, data}，data 同样加密。下列请求体模式为解密后的内容。',
        version: '1',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${basePath}/docs`, staticCSP: true });
});
