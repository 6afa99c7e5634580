/** Moved to @majlis/contracts; this re-export lives only until bench/ imports from there (then it is deleted). */
export {
  ZConfirmBody,
  ZContactBody,
  ZEmail,
  ZForgotBody,
  ZIdParam,
  ZInstLoginBody,
  ZLoginBody,
  ZNewPassword,
  ZPhone,
  ZRegisterBody,
  ZResetBody,
} from '@majlis/contracts';
