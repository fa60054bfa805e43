// A person of the certification (spec §3 "Person"): director / legal person, beneficiary,
// senior managing official, authorizer. The document decides which photos are uploaded and how
// the number is checked; a mainland Chinese national also gives the name in Chinese.
import { z } from 'zod';
import { MAINLAND_CHINA } from '../options';
import { isValidDocumentNumber } from '../validators/documentNumber';
import { isValidChineseName, isValidEnglishName } from '../validators/personName';
import { Limits } from '../limits';
import { whenFieldsValid } from './crossField';
import { areaCodeField, countryField, fileIdField, optionalText, requiredText, formObject } from './fields';
import { addIssueAt, id, isEmpty } from './messageIds';
import { checkMobileAgainstAreaCode, mobileNumberField } from './mobileNumber';

const documentNumberField = z
  .string(id('field.required'))
  .trim()
  .toUpperCase()
  .min(1, id('field.required'))
  .max(20, id('field.tooLong'));

export const personDocumentSchema = z.discriminatedUnion(
  'type',
  [
    formObject({
      type: z.literal('idCard'),
      number: documentNumberField,
      frontFileId: fileIdField,
      backFileId: fileIdField,
    }),
    formObject({
      type: z.literal('passport'),
      number: documentNumberField,
      photoPageFileId: fileIdField,
      signaturePageFileId: fileIdField,
    }),
  ],
  id('field.select'),
);

const chineseNamePart = { isValid: isValidChineseName, message: 'chineseName.format' } as const;
const englishNamePart = { isValid: isValidEnglishName, message: 'englishName.format' } as const;

/** 0–100 with at most two decimals: percentages as a cap table states them. */
export function isShareholdingRatio(value: number): boolean {
  return value >= 0 && value <= 100 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

export const shareholdingRatioField = z
  .number(id('shareholding.required'))
  .refine(isShareholdingRatio, id('shareholding.range'));

function personFields(shareholdingRatio: z.ZodType<number>) {
  return {
    nationality: countryField,
    document: personDocumentSchema,
    surnameChinese: optionalText({ maxLength: Limits.text.personName, format: chineseNamePart }),
    givenNameChinese: optionalText({ maxLength: Limits.text.personName, format: chineseNamePart }),
    surnameEnglish: requiredText({ maxLength: Limits.text.personName, format: englishNamePart }),
    givenNameEnglish: requiredText({ maxLength: Limits.text.personName, format: englishNamePart }),
    residenceAddress: requiredText({ maxLength: Limits.text.address }),
    mobileAreaCode: areaCodeField,
    mobile: mobileNumberField.min(1, id('mobile.required')),
    shareholdingRatio,
    proofOfAddressFileId: fileIdField,
  };
}

type PersonShape = ReturnType<typeof personFields>;

/** The rules that read more than one field, for every kind of person. */
function withPersonRules(schema: z.ZodObject<PersonShape>) {
  return (
    schema
      .superRefine(
        (person, ctx) => {
          const { type, number } = person.document;
          if (!isValidDocumentNumber(type, person.nationality, number)) {
            const mainland = type === 'idCard' && person.nationality === MAINLAND_CHINA;
            const message = mainland
              ? 'idCard.format'
              : type === 'passport'
                ? 'passport.format'
                : 'documentNumber.format';
            addIssueAt(ctx, ['document', 'number'], message, number);
          }
        },
        { when: whenFieldsValid('nationality', 'document') },
      )
      .superRefine(
        (person, ctx) => {
          // Mainland nationals carry a Chinese name on their documents: it is required for them.
          if (person.nationality !== MAINLAND_CHINA) return;
          if (isEmpty(person.surnameChinese))
            addIssueAt(ctx, ['surnameChinese'], 'field.required', person.surnameChinese);
          if (isEmpty(person.givenNameChinese))
            addIssueAt(ctx, ['givenNameChinese'], 'field.required', person.givenNameChinese);
        },
        // Whatever these fields hold: a nationality with an issue is not CN, a Chinese name with an
        // issue is not empty, so the rule only ever adds "required" to an empty name.
        { when: whenFieldsValid() },
      )
      // A mobile with an issue is empty or not a string, which checkMobileAgainstAreaCode skips itself.
      .superRefine((person, ctx) => checkMobileAgainstAreaCode(person, ctx, 'mobileAreaCode', 'mobile'), {
        when: whenFieldsValid('mobileAreaCode'),
      })
  );
}

export function buildPersonSchema(shareholdingRatio: z.ZodType<number>) {
  return withPersonRules(formObject(personFields(shareholdingRatio)));
}

export const personSchema = buildPersonSchema(shareholdingRatioField);

export type PersonForm = z.infer<typeof personSchema>;
