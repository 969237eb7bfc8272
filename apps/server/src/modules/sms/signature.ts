import { cityUnion } from '@hall/shared';

/**
 * The hall's one SMS signature (短信签名): the city union's name in 【】, `【{城市}总工会】`, from
 * HALL_CITY_NAME as the product title is. Chinese carriers deliver only messages that carry the
 * signature registered for the sender, so every message the hall sends to a phone (codes,
 * registration notices, first passwords) is signed through here, and one sender has one signature.
 */
export const smsSignature = (city: string) => `【${cityUnion(city)}】`;

/** A message of the hall: its signature, then the text (the hall's own words, never a user's). */
export const signedSms = (city: string, text: string) => `${smsSignature(city)}${text}`;
