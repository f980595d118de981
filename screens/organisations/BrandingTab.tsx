import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { EditorField } from './EditorField';
import { fieldLabel } from './DefinitionTab';
import type { Problems } from './organisationChecks';
import { schemaOf, type BrandingDraft } from './organisationDraft';
import type { ImageChoice, ImageField } from './useOrganisationEditor';

interface BrandingProps {
  branding: BrandingDraft;
  change: (changes: Partial<BrandingDraft>) => void;
  problems: Problems;
  readOnly: boolean;
  previews: Partial<Record<ImageField, string>>;
  chooseImage: (field: ImageField, file: File) => Promise<ImageChoice>;
  removeImage: (field: ImageField) => void;
}

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/** Where an image shows: the file just chosen, else the saved one by its token. */
export function imageSource(token: string | null, preview: string | undefined): string | null {
  return preview ?? (token ? `/api/v1/branding/${token}` : null);
}

/** One image of the branding: its preview, a file input that takes images only (002 §5), and Remove. */
function ImageInput({
  field,
  label,
  token,
  preview,
  readOnly,
  chooseImage,
  removeImage,
}: { field: ImageField; label: string; token: string | null; preview?: string } & Pick<
  BrandingProps,
  'readOnly' | 'chooseImage' | 'removeImage'
>) {
  const t = useT();
  const [refused, setRefused] = useState<ImageChoice['status'] | null>(null);
  const source = imageSource(token, preview);
  const warning =
    refused === 'not_an_image'
      ? { key: 'organisations.image_files_only' }
      : refused === 'too_large'
        ? { key: 'organisations.image_too_large' }
        : undefined;
  return (
    <EditorField label={label} problem={warning} hint={t('organisations.image_hint')}>
      {({ id, describedBy }) => (
        <div className="organisation-editor__image">
          {source && (
            <img
              src={source}
              alt={t(label as 'fields.branding_image')}
              className="organisation-editor__image-preview"
              data-testid={`branding-${field}-preview`}
            />
          )}
          <input
            id={id}
            type="file"
            accept={ACCEPTED}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              void chooseImage(field, file).then((choice) => setRefused(choice.status === 'taken' ? null : choice.status));
            }}
          />
          {source && !readOnly && (
            <button type="button" className="button" onClick={() => removeImage(field)}>
              {t('organisations.remove_image')}
            </button>
          )}
        </div>
      )}
    </EditorField>
  );
}

/**
 * 002 §2.4, §3 custom branding: the logo and background image, the navigation bar colour, the footer
 * text and the fonts the organisation's users (and its descendants', unless they set their own) see
 * in the portal, its e-mails and PDFs; a preview shows them together.
 */
export function BrandingTab({ branding, change, problems, readOnly, previews, chooseImage, removeImage }: BrandingProps) {
  const t = useT();
  const colour = /^#[0-9A-Fa-f]{6}$/.test(branding.nav_bar_colour.trim()) ? branding.nav_bar_colour.trim() : undefined;
  const textField = (field: 'heading_font' | 'text_body_font') => (
    <EditorField label={fieldLabel(field)} problem={problems[`branding.${field}`]}>
      {({ id, describedBy }) => (
        <input
          id={id}
          className="form-control"
          value={branding[field]}
          maxLength={schemaOf('Organisation', field).maxLength}
          disabled={readOnly}
          aria-describedby={describedBy}
          onChange={(event) => change({ [field]: event.target.value })}
        />
      )}
    </EditorField>
  );
  const logo = imageSource(branding.image.token, previews.image);
  return (
    <div className="organisation-editor__branding">
      <p className="organisation-editor__hint">{t('organisations.branding_inherited')}</p>
      <div className="organisation-editor__grid">
        <ImageInput
          field="image"
          label={fieldLabel('branding_image')}
          token={branding.image.token}
          {...(previews.image && { preview: previews.image })}
          readOnly={readOnly}
          chooseImage={chooseImage}
          removeImage={removeImage}
        />
        <ImageInput
          field="background_image"
          label={fieldLabel('branding_background_image')}
          token={branding.background_image.token}
          {...(previews.background_image && { preview: previews.background_image })}
          readOnly={readOnly}
          chooseImage={chooseImage}
          removeImage={removeImage}
        />
        <EditorField label={fieldLabel('nav_bar_colour')} problem={problems['branding.nav_bar_colour']}>
          {({ id, describedBy }) => (
            <div className="organisation-editor__colour">
              <input
                id={id}
                className="form-control"
                value={branding.nav_bar_colour}
                placeholder="#1f4e79"
                maxLength={7}
                disabled={readOnly}
                aria-describedby={describedBy}
                onChange={(event) => change({ nav_bar_colour: event.target.value })}
              />
              <input
                type="color"
                aria-label={t(fieldLabel('nav_bar_colour') as 'fields.nav_bar_colour')}
                value={colour ?? '#ffffff'}
                disabled={readOnly}
                onChange={(event) => change({ nav_bar_colour: event.target.value })}
              />
            </div>
          )}
        </EditorField>
        <EditorField label={fieldLabel('footer_text')} problem={problems['branding.footer_text']} wide>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              className="form-control"
              rows={3}
              value={branding.footer_text}
              maxLength={schemaOf('Organisation', 'footer_text').maxLength}
              disabled={readOnly}
              aria-describedby={describedBy}
              onChange={(event) => change({ footer_text: event.target.value })}
            />
          )}
        </EditorField>
        {textField('heading_font')}
        {textField('text_body_font')}
      </div>
      <section className="organisation-editor__preview" aria-label={t('organisations.branding_preview')}>
        <div className="organisation-editor__preview-bar" style={colour ? { background: colour } : undefined}>
          {logo && <img src={logo} alt="" />}
        </div>
        <p style={branding.heading_font.trim() ? { fontFamily: branding.heading_font } : undefined}>
          <strong>{t('organisations.branding_preview')}</strong>
        </p>
        <p style={branding.text_body_font.trim() ? { fontFamily: branding.text_body_font } : undefined}>{branding.footer_text}</p>
      </section>
    </div>
  );
}
