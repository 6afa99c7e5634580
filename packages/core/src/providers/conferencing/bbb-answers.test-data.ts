/**
 * BigBlueButton API answers as the server sends them: the examples of docs/docs/development/api.md in
 * bigbluebutton/bigbluebutton (create, getMeetingInfo, getMeetings, getRecordings), trimmed. The recordings also carry
 * the <rawSize> and per-format <size> fields that bbb.ts sums (the docs' example leaves them out; the simulator in
 * test/fakes writes them too) and an &amp; in a playback URL.
 */
export const createAnswer = `<response>
  <returncode>SUCCESS</returncode>
  <meetingID>Test</meetingID>
  <internalMeetingID>640ab2bae07bedc4c163f679a746f7ab7fb5d1fa-1531155809613</internalMeetingID>
  <parentMeetingID>bbb-none</parentMeetingID>
  <attendeePW>ap</attendeePW>
  <moderatorPW>mp</moderatorPW>
  <createTime>1531155809613</createTime>
  <voiceBridge>70757</voiceBridge>
  <dialNumber>613-555-1234</dialNumber>
  <createDate>Mon Jul 09 17:03:29 UTC 2018</createDate>
  <hasUserJoined>false</hasUserJoined>
  <duration>0</duration>
  <hasBeenForciblyEnded>false</hasBeenForciblyEnded>
  <messageKey>duplicateWarning</messageKey>
  <message>This conference was already in existence and may currently be in progress.</message>
</response>`;

export const getMeetingInfoAnswer = `<response>
\t<returncode>SUCCESS</returncode>
\t<meetingName>Anton G's Room</meetingName>
\t<meetingID>gbesu6dht08uobpislzqxsizjzihn87cmewqyacs</meetingID>
\t<internalMeetingID>a0715c95000a2bcb90604ecc7097dbc94592c690-1715261728123</internalMeetingID>
\t<createTime>1715261728123</createTime>
\t<running>true</running>
\t<participantCount>1</participantCount>
\t<moderatorCount>1</moderatorCount>
\t<attendees>
\t\t<attendee>
\t\t\t<userID>w_ftcrsyuh44oj</userID>
\t\t\t<fullName>Anton G</fullName>
\t\t\t<role>MODERATOR</role>
\t\t\t<isPresenter>true</isPresenter>
\t\t\t<customdata></customdata>
\t\t</attendee>
\t</attendees>
\t<metadata>
\t\t<bbb-origin-version>summit2024-6d8120x</bbb-origin-version>
\t\t<bbb-recording-ready-url>https://test30.bigbluebutton.org/recording_ready</bbb-recording-ready-url>
\t\t<bbb-origin>greenlight</bbb-origin>
\t\t<endcallbackurl>https://test30.bigbluebutton.org/meeting_ended</endcallbackurl>
\t</metadata>
\t<isBreakout>false</isBreakout>
</response>`;

export const getMeetingsAnswer = `<response>
  <returncode>SUCCESS</returncode>
  <meetings>
    <meeting>
      <meetingName>Demo Meeting</meetingName>
      <meetingID>Demo Meeting</meetingID>
      <internalMeetingID>183f0bf3a0982a127bdb8161e0c44eb696b3e75c-1531241258036</internalMeetingID>
      <createTime>1531241258036</createTime>
      <running>false</running>
      <participantCount>0</participantCount>
      <attendees />
      <metadata />
      <isBreakout>false</isBreakout>
    </meeting>
    <meeting>
      <meetingName>Second</meetingName>
      <meetingID>second-01</meetingID>
      <running>true</running>
      <participantCount>4</participantCount>
      <attendees />
      <metadata />
    </meeting>
  </meetings>
</response>`;

export const getRecordingsAnswer = `<response>
   <returncode>SUCCESS</returncode>
   <recordings>
      <recording>
         <recordID>ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124</recordID>
         <meetingID>c637ba21adcd0191f48f5c4bf23fab0f96ed5c18</meetingID>
         <internalMeetingID>ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124</internalMeetingID>
         <name>Fred's Room</name>
         <isBreakout>false</isBreakout>
         <published>true</published>
         <state>published</state>
         <startTime>1530718721124</startTime>
         <endTime>1530718810456</endTime>
         <participants>3</participants>
         <rawSize>2048</rawSize>
         <metadata>
            <isBreakout>false</isBreakout>
            <meetingName>Fred's Room</meetingName>
            <gl-listed>false</gl-listed>
            <meetingId>c637ba21adcd0191f48f5c4bf23fab0f96ed5c18</meetingId>
         </metadata>
         <playback>
            <format>
               <type>podcast</type>
               <url>https://demo.bigbluebutton.org/podcast/ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124/audio.ogg</url>
               <processingTime>0</processingTime>
               <length>0</length>
               <size>1000</size>
            </format>
            <format>
               <type>presentation</type>
               <url>https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124&amp;t=1</url>
               <processingTime>7177</processingTime>
               <length>0</length>
               <size>500</size>
               <preview>
                  <images>
                     <image alt="Welcome to" height="136" width="176">https://demo.bigbluebutton.org/presentation/thumb-1.png</image>
                  </images>
               </preview>
            </format>
         </playback>
      </recording>
      <recording>
         <recordID>ffbfc4cc24428694e8b53a4e144f414052431693-1530278898111</recordID>
         <meetingID>c637ba21adcd0191f48f5c4bf23fab0f96ed5c18</meetingID>
         <name>Fred's Room</name>
         <state>processing</state>
         <startTime>1530278898111</startTime>
         <endTime>1530281194326</endTime>
         <rawSize>4096</rawSize>
         <metadata />
         <playback />
      </recording>
   </recordings>
</response>`;

export const noRecordingsAnswer = `<response>
<returncode>SUCCESS</returncode>
<recordings></recordings>
<messageKey>noRecordings</messageKey>
<message>There are no recordings for the meeting(s).</message>
</response>`;

export const checksumErrorAnswer = `<response>
<returncode>FAILED</returncode>
<messageKey>checksumError</messageKey>
<message>Checksums do not match</message>
</response>`;
